/** Route module: the screen lives in its feature folder. */
export { SafetyScreen as Component } from '@/features/marketing/components/safety-screen';
