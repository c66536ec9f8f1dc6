import { describe, expect, test } from 'vitest'
import {
  asciiStl,
  binaryStl,
  objFile,
  pngBytes,
  randomBytes,
  stepFile,
  threeMf,
  zipOf,
} from '#tests/factories/model-files.ts'
import { detectModelFormat, modelFileName } from './model-format.ts'

describe('detectModelFormat', () => {
  test('reads every format the shop takes from its content', () => {
    expect(detectModelFormat(binaryStl())).toBe('stl')
    expect(detectModelFormat(binaryStl(1, 'solid exported by a CAD tool'))).toBe('stl')
    expect(detectModelFormat(asciiStl())).toBe('stl')
    expect(detectModelFormat(objFile())).toBe('obj')
    expect(detectModelFormat(stepFile())).toBe('step')
    expect(detectModelFormat(threeMf())).toBe('3mf')
    // Part names in a package are case-insensitive; a BOM or white space before text is fine.
    expect(detectModelFormat(threeMf('3d/3DModel.model'))).toBe('3mf')
    expect(detectModelFormat(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('\n '), stepFile()]))).toBe(
      'step',
    )
  })

  test('refuses pictures, random bytes and near misses', () => {
    expect(detectModelFormat(pngBytes())).toBeNull()
    expect(detectModelFormat(randomBytes())).toBeNull()
    expect(detectModelFormat(Buffer.alloc(0))).toBeNull()
    // A binary STL whose size does not match its triangle count, or with no triangles at all.
    expect(detectModelFormat(binaryStl(3).subarray(0, 84 + 50 * 3 - 1))).toBeNull()
    expect(detectModelFormat(Buffer.concat([binaryStl(2), Buffer.from([0])]))).toBeNull()
    expect(detectModelFormat(Buffer.alloc(84))).toBeNull()
    // A ZIP that is not a 3MF package, and a truncated one.
    expect(detectModelFormat(zipOf({ 'readme.txt': 'hello', '3D/other.model': '<model/>' }))).toBeNull()
    expect(detectModelFormat(threeMf().subarray(0, 200))).toBeNull()
    // Text that only looks like a model at first sight.
    expect(detectModelFormat(Buffer.from('solid but nothing else\n'))).toBeNull()
    expect(detectModelFormat(Buffer.from('v 1 2 3\nv 4 5 6\n'))).toBeNull()
    expect(detectModelFormat(Buffer.from('vertex list\nface list\n'))).toBeNull()
    expect(detectModelFormat(Buffer.from('ISO-10303-22;\n'))).toBeNull()
    expect(detectModelFormat(Buffer.from('<html><body>not a model</body></html>'))).toBeNull()
    // A NUL byte makes a text format binary.
    expect(detectModelFormat(Buffer.concat([objFile(), Buffer.from([0])]))).toBeNull()
  })

  test('finds the faces of an OBJ far into a large file', () => {
    const vertices = 'v 0.125 0.5 -1.75\n'.repeat(200_000)
    expect(detectModelFormat(Buffer.from(`# big\n${vertices}f 1 2 3\n`))).toBe('obj')
    expect(detectModelFormat(Buffer.from(`# big\n${vertices}f -3 -2 -1\n`))).toBe('obj')
  })
})

describe('modelFileName', () => {
  test('keeps the user’s name without folders or control characters, with the right extension', () => {
    expect(modelFileName('bracket.stl', 'stl')).toBe('bracket.stl')
    expect(modelFileName('C:\\parts\\Bracket V2.STL', 'stl')).toBe('Bracket V2.STL')
    expect(modelFileName('../../etc/passwd', 'obj')).toBe('passwd.obj')
    expect(modelFileName('model.png', 'stl')).toBe('model.png.stl')
    expect(modelFileName('gear.stp', 'step')).toBe('gear.stp')
    expect(modelFileName('a\u0000b\nc.3mf', '3mf')).toBe('abc.3mf')
    expect(modelFileName('', 'step')).toBe('model.step')
    expect(modelFileName('..', 'stl')).toBe('model.stl')
    const long = modelFileName(`${'x'.repeat(500)}.obj`, 'obj')
    expect(long).toHaveLength(200)
    expect(long.endsWith('.obj')).toBe(true)
  })
})
