import type { FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'

// Responses are written by fast-json-stringify, compiled once per route from the JSON Schema of the
// route's zod response schema (the schema OpenAPI publishes). The zod serializer it replaces parsed
// every answer with zod (a full copy of the object graph) and then ran JSON.stringify: on a page of
// 24 books that was about twice the time, and the copies fed the young generation. Like zod's, the
// compiled serializer writes only the schema's keys, so a field the contract does not name never
// leaves the server. Schemas JSON Schema cannot express (transforms, dates) keep zod's serializer.

type JsonSchema = Record<string, unknown>

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Drops what only validation needs (patterns, formats, bounds), and turns zod's `anyOf: [T, null]`
 * for a nullable scalar into `type: [T, 'null']`: fast-json-stringify picks an anyOf branch by
 * validating the value against each, which is slow, while a type list is a plain null check.
 */
function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing)
  if (!isObject(schema)) return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pattern' || key === 'format' || key === 'minimum' || key === 'maximum' || key === '$schema') continue
    // Keys under `properties` are field names, not keywords: keep them all.
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, forSerializing(sub)]))
        : forSerializing(value)
  }
  const anyOf = out.anyOf
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => isObject(s) && s.type === 'null' && Object.keys(s).length === 1)
    const other = anyOf[1 - nullIndex]
    if (nullIndex !== -1 && isObject(other) && typeof other.type === 'string' && ['string', 'number', 'integer', 'boolean'].includes(other.type)) {
      delete out.anyOf
      // A nullable enum keeps null among its values: inside an anyOf (a nullable object) the branch is picked by validating.
      Object.assign(out, other, { type: [other.type, 'null'] }, Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {})
    }
  }
  return out
}

/** The compiled serializer for one zod schema, or undefined when JSON Schema cannot express it. */
export function compileSerializer(schema: z.ZodType): ((data: unknown) => string) | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })
    return fastJson(forSerializing(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string
  } catch {
    return undefined
  }
}

/** Fastify's serializer compiler: fast-json-stringify where the schema allows, zod's otherwise. */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema
  return (schema instanceof z.ZodType ? compileSerializer(schema) : undefined) ?? zodSerializerCompiler(route)
}
