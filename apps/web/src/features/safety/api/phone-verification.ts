import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type PhoneCodeSent } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /users/phone/verification: the server texts a 6-digit code to the profile's phone. */
export const sendPhoneCode = (): Promise<PhoneCodeSent> => api.call(contract.sendPhoneCode);

/** POST /users/phone/verification/confirm { code }: the phone becomes verified. */
export const confirmPhoneCode = (code: string) => api.call(contract.confirmPhoneCode, { body: { code } });

export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });

export function useConfirmPhoneCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmPhoneCode,
    // The profile carries phoneVerified: read it again.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
