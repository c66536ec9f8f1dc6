import { ArrowDownIcon, ArrowLeftIcon, ArrowRightIcon, ArrowUpIcon, Trash2Icon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'

/**
 * `list` with the item at `from` moved to `to`.
 * @example moveItem(['a', 'b', 'c'], 2, 0) // ['c', 'a', 'b']
 */
function moveItem<T>(list: readonly T[], from: number, to: number) {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item)
  return next
}

const directions = {
  vertical: { words: ['up', 'down'], icons: [ArrowUpIcon, ArrowDownIcon] },
  horizontal: { words: ['earlier', 'later'], icons: [ArrowLeftIcon, ArrowRightIcon] },
} as const

/**
 * The icon buttons of the item at `index` of an ordered list: move it one place either way (the
 * first cannot go earlier, the last not later) and remove it, each named for a screen reader
 * ('Move step 2 up'); `onChange` gets the list as it is after.
 * @example <ReorderButtons what="step" items={steps} index={index} direction="vertical" onChange={onChange} />
 */
export function ReorderButtons<T>({
  what,
  items,
  index,
  direction,
  onChange,
  className,
}: {
  /** What an item is called: 'step', 'image'. */
  what: string
  items: readonly T[]
  index: number
  /** How the list is laid out: the words and arrows of its moves. */
  direction: keyof typeof directions
  onChange: (items: T[]) => void
  className?: string
}) {
  const { words, icons } = directions[direction]
  const n = index + 1
  const moves = [
    { to: index - 1, word: words[0], Icon: icons[0], disabled: index === 0 },
    { to: index + 1, word: words[1], Icon: icons[1], disabled: index === items.length - 1 },
  ]
  return (
    <>
      {moves.map(({ to, word, Icon, disabled }) => (
        <Button
          key={word}
          type="button"
          variant="ghost"
          size="icon"
          className={className}
          aria-label={`Move ${what} ${n} ${word}`}
          disabled={disabled}
          onClick={() => onChange(moveItem(items, index, to))}
        >
          <Icon aria-hidden />
        </Button>
      ))}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={className}
        aria-label={`Remove ${what} ${n}`}
        onClick={() => onChange(items.filter((_, other) => other !== index))}
      >
        <Trash2Icon aria-hidden />
      </Button>
    </>
  )
}
