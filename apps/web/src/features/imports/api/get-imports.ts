import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '#/lib/api-client.ts'
import { importKeys } from '#/lib/query-keys.ts'

const importsQuery = () => queryOptions({ queryKey: importKeys.list, queryFn: () => api.get('/imports', (c) => c.ImportJobListSchema) })

/** The signed-in reader's imports, newest first: the screen shows the newest, so a reload finds a running one again. */
export const useImports = () => useQuery(importsQuery())
