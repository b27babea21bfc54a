import type { Config } from '#/config.ts'

export interface UploadsDeps {
  config: Config
}

export const createUploadsService = (_deps: UploadsDeps) => ({})

export type UploadsService = ReturnType<typeof createUploadsService>
