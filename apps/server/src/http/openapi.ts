import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';

import { apiErrorSchema } from '@arena/shared/api-error';

import type { AppConfig } from '../config.ts';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie.ts';
import { SIGN_UP_COOKIE } from '../modules/identities/oidc.routes.ts';
import type { Access } from './guards.ts';

/*
 * The OpenAPI document at /api/openapi.json, as third-party clients are generated from it. What
 * every operation needs is derived here from what its route already declares, not repeated in
 * each route file:
 * - `security` from the access its guard marked (`config.access`, guards.ts); a route without a
 *   guard states its own `security` in its schema (`[]` when it is public);
 * - `operationId` from the method and the path (`GET /api/posts/:id` → `getPostsById`) unless
 *   the route names one;
 * - the refusals every such route can answer, with the one error body (`ApiError`): 400 for
 *   every route (a body, query or path that fails its schema, a URL that does not decode, text
 *   the database cannot store), 401 where a guard reads a token, 413 and 415 where a body is
 *   read, 429 where a rate limit applies. Routes add the ones only they answer (403, 404, 409…);
 * - the multipart body of an upload route, which reads its file from the stream, not a schema.
 * apps/server/test/openapi-client.test.ts lints the result with Redocly's recommended rules and
 * drives the API through a client generated from it.
 */

type Security = readonly Readonly<Record<string, readonly string[]>>[];

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The short-lived access token (`accessToken`) that sign-up, sign-in and refresh answer with.',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: REFRESH_COOKIE,
    description:
      'The HttpOnly, SameSite=Strict refresh-token cookie set when a session starts; rotated on every use. Requests another site sends are refused (403).',
  },
  oidcSignUpCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SIGN_UP_COOKIE,
    description:
      "The single-use cookie a provider's sign-in sets when it has no account yet, to finish creating one.",
  },
} as const;

/** What each access a guard marks means to a client. */
const SECURITY: Record<Access, Security> = {
  signedIn: [{ bearerAuth: [] }],
  // Visitors are served; a caller who sends a token is identified, and refused if it is not valid.
  anyone: [{}, { bearerAuth: [] }],
};

const TAGS: Record<string, string> = {
  auth: 'Accounts and sessions: sign-up, sign-in, email links, passwords, third-party providers',
  'two-factor': 'Second factors, recovery codes and passkeys',
  identities: 'Third-party sign-in providers linked to your account',
  profiles: 'Profiles, avatars and the home page',
  follows: 'Following people and the lists of followers',
  people: 'Discovering and searching people',
  cv: 'The athlete CV: details, career and awards',
  posts: 'Posts, their media, likes, reposts and the feed',
  comments: 'Comments on posts',
  messages: 'One-to-one conversations and their media',
  verification: 'Verification of agents, coaches and clubs',
  offers: 'Offers to athletes and the applications to them',
  notifications: 'Notifications, how each kind reaches you, web push and one-click unsubscribe',
  meta: 'Health and public configuration',
};

const ERRORS: Record<number, string> = {
  400: 'The request is not valid: `fields` names what is wrong in the body, query or path',
  401: 'No valid credentials: the token or cookie is missing, expired or revoked',
  403: 'Not allowed for this caller',
  404: 'Not found',
  409: 'In conflict with what is stored',
  413: 'The body or file is too large',
  415: 'The body or file is not of a type this route takes',
  429: 'Too many requests: try again after the time the message and `Retry-After` give',
  503: 'A service this route needs is unavailable; try again later',
};

const errorResponse = (status: number) => ({
  description: ERRORS[status] ?? `Refused (${status})`,
  content: { 'application/json': { schema: apiErrorSchema } },
});

/** What an upload route reads: one file, whatever the name of its part. */
const uploadSchema = z.object({ file: z.file() });

/** The error body is one named schema (`#/components/schemas/ApiError`), not a copy per answer. */
const schemas = z.registry<{ id: string }>();
schemas.add(apiErrorSchema, { id: 'ApiError' });

const zodTransform = createJsonSchemaTransform({ schemaRegistry: schemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: schemas });

/** `GET /api/posts/:id/comments` → `getPostsByIdComments`. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', ...segment.slice(1).split(/[^A-Za-z0-9]+/)]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

function routeName(route: RouteOptions): string {
  return `${[route.method].flat().join(',')} ${route.url}`;
}

function securityOf(route: RouteOptions, schema: FastifySchema): Security {
  const declared = schema.security;
  const access = route.config?.access;
  const marked = access ? SECURITY[access] : undefined;
  if (declared && marked && JSON.stringify(declared) !== JSON.stringify(marked)) {
    throw new Error(
      `${routeName(route)}: its schema's security contradicts its guard ('${access ?? ''}')`,
    );
  }
  const security = declared ?? marked;
  if (!security) {
    throw new Error(
      `${routeName(route)} declares no access: use a guard (http/guards.ts), or state the schema's security ([] when public)`,
    );
  }
  return security;
}

/** Adds what the document derives (see the top of this file) to one route's schema. */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  const schema = document.schema as FastifySchema | undefined;
  if (!schema || schema.hide) return zodTransform(document);

  const [method, ...others] = [route.method].flat();
  if (!method || (others.length > 0 && !schema.operationId)) {
    throw new Error(`${routeName(route)}: name its operationId, one route answers several methods`);
  }
  const security = securityOf(route, schema);

  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(
    (schema.response ?? {}) as Record<string, unknown>,
  )) {
    response[status] = answer === apiErrorSchema ? errorResponse(Number(status)) : answer;
  }
  // An upload route reads its one file from the stream itself; the document still shows it.
  const body =
    schema.body ?? (schema.consumes?.includes('multipart/form-data') ? uploadSchema : undefined);
  const refusals = [400];
  if (route.config?.access) refusals.push(401);
  if (body) refusals.push(413, 415);
  if (route.config?.rateLimit) refusals.push(429);
  for (const status of refusals) response[status] ??= errorResponse(status);

  return zodTransform({
    ...document,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      security,
      ...(body ? { body } : {}),
      response,
    },
  });
};

/** Named schemas (only those in use) and the tags' descriptions. */
const transformObject: SwaggerTransformObject = (document) => {
  const openapi = zodTransformObject(document) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const paths = JSON.stringify(openapi.paths ?? {});
  const named = Object.entries(openapi.components?.schemas ?? {}).filter(([name]) =>
    paths.includes(`"#/components/schemas/${name}"`),
  );
  const used = new Set(
    Object.values((openapi.paths ?? {}) as Record<string, Record<string, { tags?: string[] }>>)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => operation.tags ?? []),
  );
  return {
    ...openapi,
    tags: [...used]
      .sort()
      .map((name) => (TAGS[name] ? { name, description: TAGS[name] } : { name })),
    components: {
      ...openapi.components,
      schemas: Object.fromEntries(named),
    },
  } as ReturnType<SwaggerTransformObject>;
};

/** Where the document says the API is: PUBLIC_URL, else wherever it was fetched from. */
function serversOf(config: AppConfig) {
  const url = config.publicUrl?.replace(/\/+$/, '');
  return [
    url ? { url, description: 'This Arena server' } : { url: '/', description: 'This server' },
  ];
}

/**
 * The OpenAPI document and its docs page. Register before the routes: the document lists the
 * routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Arena API',
        version: '1.0.0',
        description:
          'The professional network for sport. Errors are `{ "error": { "code", "message", "fields"? } }` (`ApiError`).',
      },
      servers: serversOf(config),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
