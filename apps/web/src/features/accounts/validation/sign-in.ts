import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@saathchalo/shared';

/** The sign-in form's validation: the shared loginBody schema (loaded on first use, see lib/lazy-resolver). */
export const signInResolver = zodResolver(loginBody);
