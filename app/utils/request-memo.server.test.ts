import { describe, expect, test } from 'vitest'
import { inRequestMemo, memoInRequest } from './request-memo.server.ts'

function counter() {
  let looks = 0
  return {
    look: async () => ++looks,
    get looks() {
      return looks
    },
  }
}

describe('the per-request memo', () => {
  test('inside one request, each key is looked up once however many loaders ask', async () => {
    const viewer = counter()
    const answers = await inRequestMemo(() =>
      Promise.all([memoInRequest('viewer:a', viewer.look), memoInRequest('viewer:a', viewer.look)]),
    )
    expect(answers).toEqual([1, 1])
    expect(viewer.looks).toBe(1)
  })

  test('another key, another request or no request at all looks again', async () => {
    const viewer = counter()
    await inRequestMemo(() => memoInRequest('viewer:a', viewer.look))
    await inRequestMemo(() => memoInRequest('viewer:a', viewer.look))
    await inRequestMemo(() => memoInRequest('viewer:b', viewer.look))
    await memoInRequest('viewer:a', viewer.look)
    await memoInRequest('viewer:a', viewer.look)
    expect(viewer.looks).toBe(5)
  })

  test('a failed lookup is not kept: the next ask in the same request tries again', async () => {
    let attempts = 0
    const flaky = async () => {
      attempts++
      if (attempts === 1) throw new Error('database away')
      return 'viewer'
    }
    const second = await inRequestMemo(async () => {
      await expect(memoInRequest('viewer:a', flaky)).rejects.toThrow('database away')
      return memoInRequest('viewer:a', flaky)
    })
    expect(second).toBe('viewer')
    expect(attempts).toBe(2)
  })
})
