import { expect } from 'vitest'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { UploadResultSchema } from '@shelfwise/contracts'
import { bearer } from './factories.ts'
import { multipart } from './multipart.ts'

/** Uploads a PNG as a reader, as the app does (POST /api/upload, field "image"); it must be taken (201). Answers the stored image's URL. */
export async function uploadImage(app: FastifyInstance, token: string, png: Buffer, filename = 'a.png'): Promise<string> {
  const { payload, headers } = multipart([{ name: 'image', value: png, filename, contentType: 'image/png' }])
  const res = await app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, ...bearer(token) } })
  expect(res.statusCode, res.body).toBe(201)
  return UploadResultSchema.parse(res.json()).imageUrl
}

/** A PNG of one colour, width × height pixels: an image a reader may upload. */
export const plainPng = (width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
