import { Maximize2Icon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import {
  Box3,
  BufferGeometry,
  Color,
  DirectionalLight,
  Group,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
} from 'three'
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js'
import { ThreeMFLoader } from 'three/examples/jsm/loaders/3MFLoader.js'
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js'
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js'
import { Button } from '#app/components/ui/button.tsx'
import type { ModelFormat } from '#app/modules/instant-quote/types.ts'

// The instant quote's 3D view (issue 15, item 2): the customer's own file, read in their browser by
// three's loaders (the server measured the same bytes), with OrbitControls to turn and zoom it.
// Loaded only by /instant-quote (React.lazy), so three stays out of every other page's JavaScript.

type Stage = {
  frame: () => void
  paint: (hex: string) => void
  dispose: () => void
}

/** The file's meshes in one group; the format is the server's reading of its content. */
function readModel(bytes: ArrayBuffer, format: ModelFormat): Object3D {
  if (format === 'stl') return new Mesh(new STLLoader().parse(bytes))
  if (format === 'obj') return new OBJLoader().parse(new TextDecoder().decode(bytes))
  return new ThreeMFLoader().parse(bytes)
}

function meshesOf(object: Object3D): Mesh[] {
  const meshes: Mesh[] = []
  object.traverse((child) => {
    if (child instanceof Mesh && child.geometry instanceof BufferGeometry) meshes.push(child)
  })
  return meshes
}

function createStage(container: HTMLElement, model: Object3D, hex: string): Stage {
  const renderer = new WebGLRenderer({ antialias: true, alpha: true })
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2))
  renderer.domElement.setAttribute('aria-label', '3D view of your model')
  renderer.domElement.setAttribute('role', 'img')
  renderer.domElement.className = 'block size-full touch-none'
  container.append(renderer.domElement)

  const scene = new Scene()
  // Printers build along Z: the model stands on its bed as it will be printed.
  const camera = new PerspectiveCamera(40, 1, 0.1, 10_000)
  camera.up.set(0, 0, 1)
  scene.add(new HemisphereLight(0xffffff, 0x667788, 2))
  const light = new DirectionalLight(0xffffff, 1.6)
  light.position.set(1, -1, 2)
  camera.add(light)
  scene.add(camera)

  const material = new MeshStandardMaterial({ color: new Color(hex), roughness: 0.6, metalness: 0.05 })
  const holder = new Group()
  for (const mesh of meshesOf(model)) {
    mesh.material = material
    // The file's own normals are often zero or wrong (STL exporters differ): shade by the faces.
    mesh.geometry.computeVertexNormals()
  }
  holder.add(model)
  scene.add(holder)

  const controls = new OrbitControls(camera, renderer.domElement)
  controls.enableDamping = false
  const render = () => renderer.render(scene, camera)
  controls.addEventListener('change', render)

  const resize = () => {
    const { width, height } = container.getBoundingClientRect()
    if (width === 0 || height === 0) return
    renderer.setSize(width, height, false)
    camera.aspect = width / height
    camera.updateProjectionMatrix()
    render()
  }
  const observer = new ResizeObserver(resize)
  observer.observe(container)

  const frame = () => {
    const box = new Box3().setFromObject(holder)
    const sphere = box.getBoundingSphere(new Sphere())
    const radius = Math.max(sphere.radius, 1e-3)
    const distance = (radius / Math.sin(((camera.fov / 2) * Math.PI) / 180)) * 1.15
    const direction = new Vector3(1, -1.4, 0.9).normalize()
    camera.position.copy(sphere.center).addScaledVector(direction, distance)
    camera.near = distance / 100
    camera.far = distance * 100
    camera.updateProjectionMatrix()
    controls.target.copy(sphere.center)
    controls.update()
    render()
  }
  resize()
  frame()

  return {
    frame,
    paint: (next) => {
      material.color.set(next)
      render()
    },
    dispose: () => {
      observer.disconnect()
      controls.dispose()
      for (const mesh of meshesOf(holder)) mesh.geometry.dispose()
      material.dispose()
      renderer.dispose()
      renderer.domElement.remove()
    },
  }
}

/**
 * An interactive view of `file` (drag to turn, pinch or scroll to zoom, Fit to frame it again),
 * painted in the chosen colour.
 * @example <ModelViewer file={file} format="stl" colour="#d62828" />
 */
export default function ModelViewer({ file, format, colour }: { file: Blob; format: ModelFormat; colour: string }) {
  const container = useRef<HTMLDivElement>(null)
  const stage = useRef<Stage | null>(null)
  const colourRef = useRef(colour)
  colourRef.current = colour
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    let cancelled = false
    setProblem(null)
    void file.arrayBuffer().then((bytes) => {
      if (cancelled || !container.current) return
      try {
        stage.current = createStage(container.current, readModel(bytes, format), colourRef.current)
      } catch {
        // No WebGL (an old browser, a locked-down one): the quote works without the picture.
        setProblem('Your browser cannot show this 3D view; the measures and price below are still right.')
      }
    })
    return () => {
      cancelled = true
      stage.current?.dispose()
      stage.current = null
    }
  }, [file, format])

  useEffect(() => {
    stage.current?.paint(colour)
  }, [colour])

  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-lg border bg-gradient-to-b from-muted/30 to-muted sm:aspect-[4/3]">
      <div ref={container} className="absolute inset-0" data-testid="model-viewer" />
      {problem ? (
        <p
          role="status"
          className="absolute inset-0 grid place-items-center p-6 text-center text-muted-foreground text-sm"
        >
          {problem}
        </p>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="absolute top-2 right-2"
          onClick={() => stage.current?.frame()}
        >
          <Maximize2Icon aria-hidden /> Fit
        </Button>
      )}
    </div>
  )
}
