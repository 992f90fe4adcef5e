import { API, type CallDef, ERROR_KEYS, SUCCESS_KEYS } from '@kabuto/contract';
import { z } from 'zod';

function schemaOf(type: z.ZodType, io: 'input' | 'output'): unknown {
  try {
    return z.toJSONSchema(type, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

/** Extra (non-investor) paths other modules document: admin calls, WebSocket, health. */
export const extraPaths: Record<string, unknown> = {};

/** The OpenAPI document served at /api/docs, generated from the contract's call definitions. */
export function openApiDocument(): unknown {
  const paths: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(API) as Array<[string, CallDef]>) {
    const requestSchema = schemaOf(call.request, 'input');
    paths[`/api/vue${call.path}`] = {
      post: {
        operationId: name.replace(/Call$/, ''),
        summary: call.summary,
        security: call.auth ? [{ token: [], account: [] }] : [],
        parameters: call.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                schema: { type: 'string', maxLength: 128 },
              },
            ]
          : [],
        requestBody: {
          content: call.multipart
            ? { 'multipart/form-data': { schema: requestSchema } }
            : {
                'application/x-www-form-urlencoded': { schema: requestSchema },
                'application/json': { schema: requestSchema },
              },
        },
        responses: {
          200: {
            description: 'Envelope: status 1 with data, or status 0 with an error key',
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    {
                      type: 'object',
                      properties: {
                        status: { const: 1 },
                        msg: { enum: SUCCESS_KEYS },
                        data: schemaOf(call.response, 'output'),
                      },
                    },
                    {
                      type: 'object',
                      properties: {
                        status: { const: 0 },
                        msg: { enum: ERROR_KEYS },
                        data: { type: 'object' },
                      },
                    },
                  ],
                },
              },
            },
          },
          ...(call.auth ? { 401: { description: 'No valid session' } } : {}),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kabuto API',
      version: '1.0.0',
      description: 'Investor API under /api/vue (SPEC §8) and back-office API under /api/admin (SPEC §9).',
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        account: { type: 'apiKey', in: 'header', name: 'account' },
        operator: { type: 'http', scheme: 'bearer' },
      },
    },
    paths: { ...paths, ...extraPaths },
  };
}
