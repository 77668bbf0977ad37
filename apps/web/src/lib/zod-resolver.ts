import './zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';

/** zodResolver, with zod set up to parse without eval first (see ./zod-jitless). */
export { zodResolver };
