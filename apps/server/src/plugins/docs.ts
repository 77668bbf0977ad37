import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const DOCS_PREFIX = '/api/docs';

/**
 * What the documentation pages need beyond the app's CSP. Swagger UI loads only its own
 * scripts and styles from /api/docs/static (covered by 'self'), sets inline styles, and shows
 * its logo as a data: image. Everything else of the app's policy stays as it is.
 */
const DOCS_NEEDS: Record<string, string[]> = {
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
};

/** Adds the sources the docs need to the app's CSP header, never removing any restriction. */
export function docsCsp(appCsp: string): string {
  const directives = appCsp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  for (const [name, sources] of Object.entries(DOCS_NEEDS)) {
    const existing = directives.find((d) => d[0] === name);
    if (!existing) directives.push([name, ...sources]);
    else for (const s of sources) if (!existing.includes(s)) existing.push(s);
  }
  return directives.map((d) => d.join(' ')).join(';');
}

/** OpenAPI generated from the routes' zod schemas (the shared ones), served at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SaathChalo API',
        description:
          'Carpooling for commuters in India. Every response is the envelope `{ success, data, message, error }`; ' +
          'a refusal also carries `code`, a stable machine code to compare instead of the words (and, from ' +
          'PUT /api/users/profile, `field`: the first bad field, beside the map of them all in `data`). ' +
          'Dates are YYYY-MM-DD and times HH:mm in India Standard Time. Sign in at /api/auth/login and send the ' +
          'token as `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      tags: [
        { name: 'health', description: 'Liveness' },
        { name: 'auth', description: 'Sign-up, sign-in, tokens, e-mail verification and password reset' },
        { name: 'users', description: 'Profiles' },
        { name: 'rides', description: 'Offer, search and manage rides' },
        { name: 'bookings', description: 'Book seats, confirm, reject and cancel' },
        { name: 'ratings', description: 'Rate the other party of a completed trip' },
        { name: 'places', description: 'Indian places with coordinates, for autocomplete and "near me"' },
      ],
    },
    // Routes without tags are the web app's static files, not API.
    hideUntagged: true,
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    // Applied by swagger-ui only to its own routes: the app pages keep the strict policy.
    transformStaticCSP: docsCsp,
  });
});
