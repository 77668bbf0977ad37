/** Route module: the screen lives in its feature folder. */
export { HowItWorksScreen as Component } from '@/features/marketing/components/how-it-works-screen';
