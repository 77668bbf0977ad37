import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { useConfirmPhoneCode, useSendPhoneCode } from '../api/phone-verification';
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_RESEND_SECONDS,
  phoneCodeBody,
  type PhoneCodeSent,
} from '@saathchalo/shared';
import { useCountdown } from '../utils/use-countdown';

export const PHONE_TEXT = {
  title: 'Phone verification',
  why: 'A verified phone shows on your rides and profile, so co-travellers know the number is really yours.',
  verified: 'Your phone number is verified.',
  noPhone: 'Add a phone number to your profile to verify it.',
  send: 'Send code',
  sent: (phone: string) => `We sent a 6-digit code to ${phone}.`,
  codeLabel: 'Verification code',
  verify: 'Verify',
  resend: 'Resend code',
  resendIn: (s: number) => `Resend code in ${s}s`,
  done: 'Phone number verified',
  sendFailed: 'Failed to send the code. Please try again.',
  confirmFailed: 'Failed to verify the code. Please try again.',
} as const;

function CodeForm({ phone, onResend, resendAt }: { phone: string; onResend(): void; resendAt: number }) {
  const confirm = useConfirmPhoneCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const wait = useCountdown(resendAt);
  const field = useRef<HTMLInputElement>(null);
  // Send code goes away and Resend waits once pressed: each code sent, the keyboard is where it is typed.
  useEffect(() => field.current?.focus(), [resendAt]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = phoneCodeBody.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    confirm.mutate(parsed.data.code, {
      onSuccess: () => notify.success(PHONE_TEXT.done),
      onError: (err) => setError(refusalOr(err, PHONE_TEXT.confirmFailed)),
    });
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3">
      <p className="text-sm text-slate-700">{PHONE_TEXT.sent(phone)}</p>
      <InputField
        ref={field}
        label={PHONE_TEXT.codeLabel}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={PHONE_CODE_LENGTH}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH))}
        error={error ?? undefined}
        className="max-w-40 tracking-widest"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Verifying...' : PHONE_TEXT.verify}
        </Button>
        <Button variant="outline" onClick={onResend} disabled={wait > 0}>
          {wait > 0 ? PHONE_TEXT.resendIn(wait) : PHONE_TEXT.resend}
        </Button>
      </div>
    </form>
  );
}

/** When the server lets another code be asked for: its `resendAt`, else the shared wait from now. */
const resendTime = (sent: PhoneCodeSent | undefined): number => {
  const at = sent ? Date.parse(sent.resendAt) : NaN;
  return Number.isNaN(at) ? Date.now() + PHONE_CODE_RESEND_SECONDS * 1000 : at;
};

/** Send a code to the profile's phone, type it back, resend after a countdown; the server's refusals shown. */
export function PhoneVerification({ phone, verified }: { phone: string; verified: boolean | undefined }) {
  const send = useSendPhoneCode();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const onSend = () => {
    setError(null);
    send.mutate(undefined, {
      onSuccess: (sent) => setResendAt(resendTime(sent)),
      onError: (err) => setError(refusalOr(err, PHONE_TEXT.sendFailed)),
    });
  };
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {PHONE_TEXT.title}
      </h3>
      <p className="text-sm text-slate-700">{PHONE_TEXT.why}</p>
      {verified ? (
        <p className="inline-flex items-center gap-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> {PHONE_TEXT.verified}
        </p>
      ) : !phone ? (
        <p className="text-sm text-slate-700">{PHONE_TEXT.noPhone}</p>
      ) : (
        <>
          {error ? <Alert>{error}</Alert> : null}
          {resendAt === null ? (
            <Button variant="outline" onClick={onSend} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : PHONE_TEXT.send}
            </Button>
          ) : (
            <CodeForm phone={phone} onResend={onSend} resendAt={resendAt} />
          )}
        </>
      )}
    </section>
  );
}
