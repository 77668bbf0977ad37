import { healthSchema } from '../schemas/models.js';
import { defineCall } from './define.js';

export const health = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/health',
  auth: false,
  tag: 'health',
  summary: 'Liveness and database check',
  response: healthSchema,
});
