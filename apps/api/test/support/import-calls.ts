import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { ImportJobSchema, type ImportJob } from '@shelfwise/contracts'
import { bearer } from './factories.ts'
import { multipart } from './multipart.ts'

/**
 * Sends an export file as a reader does (POST /api/imports, 202) and polls the job until it ends
 * (done or failed), as the import screen does; fails the test when it has not ended in 20 s.
 */
export async function importAndWait(app: FastifyInstance, token: string, text: string, filename = 'goodreads_library_export.csv'): Promise<ImportJob> {
  const body = multipart([{ name: 'file', value: text, filename, contentType: 'text/csv' }])
  const res = await app.inject({ method: 'POST', url: '/api/imports', headers: { ...bearer(token), ...body.headers }, payload: body.payload })
  expect(res.statusCode, res.body).toBe(202)
  const id = ImportJobSchema.parse(res.json())._id
  for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 25))) {
    const job = ImportJobSchema.parse((await app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: bearer(token) })).json())
    if (job.status === 'done' || job.status === 'failed') return job
  }
  throw new Error('the import did not end')
}
