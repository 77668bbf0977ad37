import { useMutation } from '@tanstack/react-query';
import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import type { ReportReason } from '../model';

export interface ReportInput {
  userId: string;
  reason: ReportReason;
  details: string | null;
}

/** POST /users/{id}/reports { reason, details }: kept for moderation and mailed to support. */
export const useReportUser = () =>
  useMutation({
    mutationFn: ({ userId, reason, details }: ReportInput) =>
      api.call(contract.reportUser, { params: { id: userId }, body: { reason, details } }),
  });
