import { api } from '#/lib/api-client.ts'

/** Opens a profile by name: author and publisher links on the book page. */
export const getUserByUsername = (username: string) => api.get(`/users/by-username/${encodeURIComponent(username)}`, (c) => c.UserSchema)
