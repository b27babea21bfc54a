import { expect } from 'vitest'
import type { z } from 'zod'
import type { TestContext } from './context.ts'
import { bearer } from './factories.ts'

/** The next page's address from a Link header, as a client reads it (undefined on the last page). */
export function nextLink(link: unknown): string | undefined {
  return typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined
}

/**
 * Every page of a paged list, following Link rel="next" as a client would: each answer a 200 that
 * `schema` accepts. The addresses followed and each page's X-Total-Count come back too.
 */
export async function readAllPages<T>(
  ctx: TestContext,
  firstUrl: string,
  schema: z.ZodType<T[]>,
  token?: string,
): Promise<{ pages: T[][]; totals: string[]; urls: string[] }> {
  const pages: T[][] = []
  const totals: string[] = []
  const urls: string[] = []
  let url: string | undefined = firstUrl
  while (url) {
    urls.push(url)
    const res = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
    expect(res.statusCode).toBe(200)
    pages.push(schema.parse(res.json()))
    totals.push(String(res.headers['x-total-count']))
    url = nextLink(res.headers.link)
    if (res.headers.link !== undefined) expect(url, `a Link header a client can follow: ${String(res.headers.link)}`).toBeDefined()
    if (pages.length > 50) throw new Error('paging does not end')
  }
  return { pages, totals, urls }
}
