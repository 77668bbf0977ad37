import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, RESET_REDIRECT_MS, resetPasswordForm, type ResetPasswordForm } from '@saathchalo/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { resetPassword } from '../api/auth-api';
import { AUTH_TEXT, failureText } from '../messages';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) {
    return (
      <AuthCard title="Invalid Reset Link">
        <p className="text-slate-700">This password reset link is invalid or has expired.</p>
        <ButtonLink to={paths.forgotPassword} className="mt-6 w-full">
          Request a new reset link
        </ButtonLink>
      </AuthCard>
    );
  }
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordForm), defaultValues: { newPassword: '', confirmPassword: '' } });
  const done = result?.ok === true;

  // On success: the message, then sign in after 2 seconds (specification section 4).
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.signIn), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setResult(null);
    if (!token.trim()) {
      setResult({ ok: false, text: MSG.resetTokenMissing });
      return;
    }
    try {
      await resetPassword(token, newPassword);
      setResult({ ok: true, text: AUTH_TEXT.resetDone });
    } catch (err) {
      setResult({ ok: false, text: failureText(err, AUTH_TEXT.resetFailed) });
    }
  });

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password of at least 6 characters.">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
        <PasswordInput label="New Password" autoComplete="new-password" error={errors.newPassword?.message} {...register('newPassword')} />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting || done}>
          {isSubmitting ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        <Link to={paths.signIn} className="inline-block py-1 font-medium text-blue-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
