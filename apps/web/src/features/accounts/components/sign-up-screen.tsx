import { zodResolver } from '@hookform/resolvers/zod';
import { registerBody, SIGNUP_REDIRECT_MS } from '@saathchalo/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { register as registerAccount } from '../api/auth-api';
import { AUTH_TEXT, signUpError } from '../messages';
import { AuthCard } from './auth-card';
import { SignUpFields, type SignUpInput as Input } from './sign-up-fields';

type Output = z.output<typeof registerBody>;
const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'location'] as const;

/** Sign up, at /signup and /join. */
export function SignUpScreen() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(registerBody),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', location: '', password: '' },
  });

  // An existing account: after a short note, on to sign in (specification section 2).
  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => navigate(paths.signIn), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { message } = await registerAccount({ ...values, location: values.location ?? null });
      notify.success(message || AUTH_TEXT.registered);
      navigate(paths.dashboard);
    } catch (err) {
      const mapped = signUpError(err);
      setError(mapped.message);
      if (mapped.accountExists) setRedirecting(true);
      else if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields)) {
          if ((FIELDS as readonly string[]).includes(field) && typeof message === 'string') {
            setFieldError(field as (typeof FIELDS)[number], { message });
          }
        }
      }
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Join commuters across India sharing rides and costs.">
      <Form onSubmit={onSubmit} className="space-y-4">
        {error ? (
          <Alert>
            <p>{error}</p>
            {redirecting ? <p className="mt-1 font-medium">{AUTH_TEXT.redirectingToSignIn}</p> : null}
          </Alert>
        ) : null}
        <SignUpFields register={register} errors={errors} />
        <Button type="submit" className="w-full" disabled={isSubmitting || redirecting}>
          {isSubmitting ? 'Creating account...' : 'Create Account'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={paths.signIn} className="font-medium text-blue-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
