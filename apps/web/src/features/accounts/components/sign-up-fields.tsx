import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { InputField } from '@/components/ui/field';
import type { registerBody } from '@saathchalo/shared';
import { PasswordInput } from './password-input';

export type SignUpInput = z.input<typeof registerBody>;

interface Props {
  register: UseFormRegister<SignUpInput>;
  errors: FieldErrors<SignUpInput>;
}

/** Name, e-mail, phone, optional location and password, each with its hint or error. */
export function SignUpFields({ register, errors }: Props) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <InputField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <InputField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <InputField
        label="Phone Number"
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={10}
        hint="10-digit mobile number"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <InputField
        label="Location (optional)"
        autoComplete="address-level2"
        placeholder="e.g. Pune"
        error={errors.location?.message}
        {...register('location')}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        hint="At least 6 characters"
        error={errors.password?.message}
        {...register('password')}
      />
    </>
  );
}
