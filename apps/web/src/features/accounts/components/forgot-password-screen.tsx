import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@saathchalo/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { requestPasswordReset } from '../api/auth-api';
import { AUTH_TEXT, failureText } from '../messages';
import { AuthCard } from './auth-card';

type Input = z.input<typeof forgotPasswordBody>;
type Output = z.output<typeof forgotPasswordBody>;

export function ForgotPasswordScreen() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      await requestPasswordReset(email);
      setResult({ ok: true, text: AUTH_TEXT.resetLinkSent });
    } catch (err) {
      setResult({ ok: false, text: failureText(err, AUTH_TEXT.resetLinkFailed) });
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to reset your password."
    >
      <Form onSubmit={onSubmit} className="space-y-4">
        {result ? <Alert tone={result.ok ? 'success' : 'error'}>{result.text}</Alert> : null}
        <InputField
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        <Link to={paths.signIn} className="inline-block py-1 font-medium text-blue-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
