import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { CreatedDevice, CreatedToken, CreateDeviceInput, CreateTokenInput, DeviceApproveInput, SyncSettings } from '@shelfwise/contracts'
import { api } from '#/lib/api-client.ts'

// The keys of this feature live here rather than in query-keys.ts, which Home's first chunk holds
// (decision 0007).
const developerKeys = {
  tokens: ['developer', 'tokens'] as const,
  devices: ['developer', 'devices'] as const,
  syncSettings: ['developer', 'sync-settings'] as const,
}

const tokensQuery = () =>
  queryOptions({ queryKey: developerKeys.tokens, queryFn: ({ signal }) => api.get('/me/tokens', (c) => c.PersonalTokenListSchema, { signal }) })
const devicesQuery = () =>
  queryOptions({ queryKey: developerKeys.devices, queryFn: ({ signal }) => api.get('/me/devices', (c) => c.DeviceListSchema, { signal }) })

const syncSettingsQuery = () =>
  queryOptions({ queryKey: developerKeys.syncSettings, queryFn: ({ signal }) => api.get('/me/sync-settings', (c) => c.SyncSettingsSchema, { signal }) })

/** GET /me/sync-settings: whether a device reporting a book's end finishes the read. */
export const useSyncSettings = () => useQuery(syncSettingsQuery())

/** PUT /me/sync-settings: the settings as the server kept them replace the shown ones. */
export function useSaveSyncSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: SyncSettings): Promise<SyncSettings> => api.put('/me/sync-settings', (c) => c.SyncSettingsSchema, settings),
    onSuccess: (kept) => queryClient.setQueryData(developerKeys.syncSettings, kept),
  })
}

/** GET /me/tokens: the reader's personal tokens, without the tokens themselves. */
export const useTokens = () => useQuery(tokensQuery())
/** GET /me/devices: the reader's KOReader devices, without their passwords. */
export const useDevices = () => useQuery(devicesQuery())

/** A change to the reader's tokens or devices: the list under `list` is read again once it is done. */
function useListChange<I, O>(list: QueryKey, send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: list }) })
}

/** POST /me/tokens: the answer carries the token, shown this once. */
export const useCreateToken = () =>
  useListChange(developerKeys.tokens, (input: CreateTokenInput): Promise<CreatedToken> => api.post('/me/tokens', (c) => c.CreatedTokenSchema, input))

/** DELETE /me/tokens/{id}: the token stops working at once. */
export const useRevokeToken = () => useListChange(developerKeys.tokens, (id: string) => api.delete(`/me/tokens/${encodeURIComponent(id)}`))

/** POST /me/devices: the answer carries the device's password, shown this once. */
export const useCreateDevice = () =>
  useListChange(developerKeys.devices, (input: CreateDeviceInput): Promise<CreatedDevice> => api.post('/me/devices', (c) => c.CreatedDeviceSchema, input))

/** DELETE /me/devices/{id}: the device's sign-in stops working. */
export const useRemoveDevice = () => useListChange(developerKeys.devices, (id: string) => api.delete(`/me/devices/${encodeURIComponent(id)}`))

/** POST /device/approve: the device showing this code gets a token with these scopes at its next poll. */
export const useApproveDevice = () =>
  useMutation({ mutationFn: (input: DeviceApproveInput) => api.post('/device/approve', (c) => c.DeviceLinkAnswerSchema, input) })

/** POST /device/deny: the device showing this code is refused. */
export const useDenyDevice = () =>
  useMutation({ mutationFn: (userCode: string) => api.post('/device/deny', (c) => c.DeviceLinkAnswerSchema, { user_code: userCode }) })
