import { describe, expect, it } from 'vitest'
import { imageCacheLoad, loadSharp } from '#/images.ts'

// libvips keeps no cache of operations in the server (issue 26): each image is made from new bytes,
// so a cache would only hold memory.
describe('images', () => {
  it('keeps nothing in libvips after drawing images one after another', async () => {
    const sharp = await loadSharp()
    for (let i = 0; i < 5; i++) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="540" height="675"><rect width="540" height="675" fill="#${i}${i}a"/><text x="20" y="60">Year ${i}</text></svg>`
      const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer()
      expect((await sharp(png).metadata()).width).toBe(540)
    }
    expect(await imageCacheLoad()).toEqual({ memoryMb: 0, maxMemoryMb: 0, items: 0, maxItems: 0 })
  })

  it('loads sharp once', async () => {
    expect(await loadSharp()).toBe(await loadSharp())
  })
})
