import type { loginBody } from '@saathchalo/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { login } from '../api/auth-api';
import { signInError } from '../messages';
import { AuthCard } from './auth-card';
import { PasswordInput } from './password-input';

type Input = z.input<typeof loginBody>;
type Output = z.output<typeof loginBody>;

// zod and the schema load when the visitor starts on the form, not with the screen.
const validation = lazyResolver<Input, Output>(() => import('../validation/sign-in').then((m) => m.signInResolver));

export function SignInScreen() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await login(values);
      navigate(paths.dashboard);
    } catch (err) {
      setError(signInError(err));
    }
  });

  return (
    <AuthCard title="Sign in to SaathChalo" subtitle="Welcome back! Sign in to find or offer rides.">
      <Form onSubmit={onSubmit} onFocus={validation.preload} onPointerDown={validation.preload} className="space-y-4">
        {error || errors.root ? <Alert>{error ?? errors.root?.message}</Alert> : null}
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className="inline-block py-1 text-sm font-medium text-blue-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Don&apos;t have an account?{' '}
        <Link to={paths.signUp} className="font-medium text-blue-700 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
