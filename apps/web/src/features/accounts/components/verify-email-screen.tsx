import { MSG } from '@saathchalo/shared';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { NetworkError } from '@/lib/api-client';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { verifyEmail } from '../api/auth-api';
import { AUTH_TEXT, failureText } from '../messages';

type State = { status: 'working' } | { status: 'done' } | { status: 'failed'; text: string; retry?: boolean };

export function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(() =>
    token?.trim() ? { status: 'working' } : { status: 'failed', text: MSG.verifyTokenMissing },
  );

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token?.trim()) return;
    let live = true;
    verifyEmail(token).then(
      () => live && setState({ status: 'done' }),
      (err: unknown) =>
        live && setState({ status: 'failed', text: failureText(err, AUTH_TEXT.verifyFailed), retry: err instanceof NetworkError }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  // The link was not spent when the network failed: it can be tried again (CONTRACT section 6).
  const retry = () => {
    setState({ status: 'working' });
    setAttempt((n) => n + 1);
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 text-center sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {state.status === 'working' ? (
          <>
            <Spinner label="Verifying" className="mb-4" />
            <h1 className="text-2xl font-bold">Verifying your email...</h1>
          </>
        ) : state.status === 'done' ? (
          <>
            <CircleCheck aria-hidden="true" className="mx-auto mb-4 h-12 w-12 text-green-700" />
            <h1 className="text-2xl font-bold">Email Verified!</h1>
            <p role="status" className="mt-2 text-slate-700">{AUTH_TEXT.verified}</p>
          </>
        ) : (
          <>
            <CircleX aria-hidden="true" className="mx-auto mb-4 h-12 w-12 text-red-700" />
            <h1 className="text-2xl font-bold">Verification Failed</h1>
            <p role="alert" className="mt-2 text-slate-700">{state.text}</p>
            {state.retry ? (
              <Button className="mt-4" onClick={retry}>
                Try again
              </Button>
            ) : null}
          </>
        )}
        {state.status !== 'working' ? (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <ButtonLink to={paths.dashboard}>Go to Dashboard</ButtonLink>
            <ButtonLink to={paths.home} variant="outline">
              Back to Home
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </div>
  );
}
