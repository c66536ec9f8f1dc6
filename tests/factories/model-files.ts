import { crc32 } from 'node:zlib'

// Small, valid 3D model files of every format the shop reads, made in the test instead of kept as
// fixtures, plus the near-misses the upload must refuse.

/** A binary STL: 80-byte header, triangle count, 50 bytes per triangle. */
export function binaryStl(triangles = 2, header = 'LayerWorks test part'): Buffer {
  const bytes = Buffer.alloc(84 + 50 * triangles)
  bytes.write(header.slice(0, 80), 0, 'latin1')
  bytes.writeUInt32LE(triangles, 80)
  for (let triangle = 0; triangle < triangles; triangle += 1) {
    const at = 84 + triangle * 50
    // The normal and three vertices (12 floats), then a 2-byte attribute count of 0.
    const floats = [0, 0, 1, triangle, 0, 0, triangle + 1, 0, 0, triangle, 1, 0]
    for (const [index, value] of floats.entries()) bytes.writeFloatLE(value, at + index * 4)
  }
  return bytes
}

export function asciiStl(): Buffer {
  return Buffer.from(
    [
      'solid bracket',
      '  facet normal 0 0 1',
      '    outer loop',
      '      vertex 0 0 0',
      '      vertex 1 0 0',
      '      vertex 0 1 0',
      '    endloop',
      '  endfacet',
      'endsolid bracket',
      '',
    ].join('\n'),
  )
}

export function objFile(): Buffer {
  return Buffer.from(
    [
      '# LayerWorks test cube corner',
      'o corner',
      'v 0.0 0.0 0.0',
      'v 1.0 0.0 0.0',
      'v 0.0 1.0 0.0',
      'vn 0 0 1',
      'f 1 2 3',
      '',
    ].join('\r\n'),
  )
}

export function stepFile(): Buffer {
  return Buffer.from(
    [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('LayerWorks test part'),'2;1');",
      "FILE_NAME('bracket.step','2025-01-01T00:00:00',(''),(''),'','','');",
      "FILE_SCHEMA(('AUTOMOTIVE_DESIGN'));",
      'ENDSEC;',
      'DATA;',
      "#1=CARTESIAN_POINT('',(0.,0.,0.));",
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n'),
  )
}

/** A ZIP archive (stored, not compressed) of these files, written by hand. */
export function zipOf(files: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content)
    const fileName = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(files).length, 8)
  end.writeUInt16LE(Object.keys(files).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

/** A 3MF package: the content types, the root relationship and the model part. */
export function threeMf(modelPart = '3D/3dmodel.model'): Buffer {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>',
    [modelPart]:
      '<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1" type="model"><mesh><vertices><vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/></vertices><triangles><triangle v1="0" v2="1" v3="2"/></triangles></mesh></object></resources><build><item objectid="1"/></build></model>',
  })
}

/** The first bytes of a real PNG (signature and IHDR), as a picture renamed `.stl` starts. */
export function pngBytes(): Buffer {
  return Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e5d6a30000000049454e44ae426082',
    'hex',
  )
}

/** Bytes that are no format at all (a fixed pseudo-random sequence, so every run sees the same). */
export function randomBytes(length = 4096): Buffer {
  const bytes = Buffer.alloc(length)
  let seed = 42
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    bytes[index] = seed & 0xff
  }
  return bytes
}

/**
 * A closed box of x × y × z mm as a binary STL (12 triangles turning outwards): its volume is xyz
 * and its surface 2(xy + yz + zx), so a 20 mm cube is 8,000 mm³ and 2,400 mm². `withoutFace`
 * leaves the bottom out: an open mesh.
 */
export function boxStl(x: number, y: number, z: number, { withoutFace = false } = {}): Buffer {
  const corners = [
    [0, 0, 0],
    [x, 0, 0],
    [x, y, 0],
    [0, y, 0],
    [0, 0, z],
    [x, 0, z],
    [x, y, z],
    [0, y, z],
  ]
  const faces = [
    [0, 2, 1],
    [0, 3, 2],
    [4, 5, 6],
    [4, 6, 7],
    [0, 1, 5],
    [0, 5, 4],
    [2, 3, 7],
    [2, 7, 6],
    [1, 2, 6],
    [1, 6, 5],
    [3, 0, 4],
    [3, 4, 7],
  ].slice(withoutFace ? 2 : 0)
  const bytes = Buffer.alloc(84 + 50 * faces.length)
  bytes.write('LayerWorks test box', 0, 'latin1')
  bytes.writeUInt32LE(faces.length, 80)
  for (const [index, face] of faces.entries()) {
    const floats = face.flatMap((corner) => corners[corner])
    for (const [k, value] of floats.entries()) bytes.writeFloatLE(value, 84 + index * 50 + 12 + k * 4)
  }
  return bytes
}
