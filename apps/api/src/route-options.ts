import type { FastifyInstance, FastifySchema } from 'fastify'

/** What the OpenAPI document says of a route that wants the bearer token. */
const security = [{ bearer: [] }]

/**
 * The options every route of one module starts from: its tag in the OpenAPI document and, by who may
 * call it, its guard. The schema is passed through as it is written, so Fastify still infers the
 * request's types from it; a route adds its own hooks (rate limits) next to what this gives.
 */
export function routeOptions(app: FastifyInstance, tag: string) {
  const tags = [tag]
  return {
    /** Anyone, signed in or not, with the same answer. */
    open: <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema } }),
    /** Anyone; a valid token makes req.user the viewer, a bad or missing one means anonymous. */
    viewer: <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema }, preHandler: app.optionalUser }),
    /**
     * A signed-in reader only: 401 before validation, so an anonymous caller learns nothing of the
     * path's or the body's rules.
     */
    signedIn: <S extends FastifySchema>(schema: S) => ({ schema: { tags, security, ...schema }, preValidation: app.requireUser }),
  }
}
