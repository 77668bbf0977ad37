/** Route module: the screen lives in its feature folder. */
export { HelpScreen as Component } from '@/features/marketing/components/help-screen';
