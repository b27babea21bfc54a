import type { FastifyReply } from 'fastify'

// An answer to a signed-in reader may carry what is theirs alone (e-mail, lists, flags): never kept
// by a browser or a shared cache. The auth guard marks every such answer; a route marks one that
// hands out a token itself.

/** The Cache-Control of an answer no browser or shared cache may keep. */
export const PRIVATE = 'no-store'

/** Marks an answer as never to be stored (one that hands out a token, for instance). */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', PRIVATE)
