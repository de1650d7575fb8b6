import type { JsonSchema } from './json-schema-arbitrary';

/** One operation of the OpenAPI document, as the fuzz needs it. */
export interface Operation {
  method: string;
  /** As documented: /api/muses/{id}. */
  path: string;
  params: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { name: string; in: Parameter['in']; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema } | undefined> };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | undefined> | undefined>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation the document lists, in its order: a route added to the app is in it. */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((document as OpenApiDocument).paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!operation || !METHODS.includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required ?? false,
          schema: p.schema ?? {},
        })),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;
