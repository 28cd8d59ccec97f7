import { z } from 'zod';

/** Fee defaults (spec 4.2 rule 6, section 8); operators may override them. */
export const quotesEnv = {
  FEE_BPS_WEB: z.coerce.number().int().min(0).max(1000).default(30),
  FEE_BPS_WIDGET: z.coerce.number().int().min(0).max(1000).default(30),
  FEE_BPS_API: z.coerce.number().int().min(0).max(1000).default(20),
  FEE_BPS_BOT: z.coerce.number().int().min(0).max(1000).default(90),
  FEE_CAP_BPS: z.coerce.number().int().min(0).max(1000).default(150),
};
