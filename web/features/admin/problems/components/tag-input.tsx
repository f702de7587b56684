import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cn } from '@/shared/lib/utils';
import { Badge } from '@/web/components/ui/badge';
import { tagOptions } from '../lib/tag-options';

/**
 * Chosen names as removable chips and a text box suggesting known names; Enter takes the
 * highlighted suggestion or the typed name, Backspace in an empty box removes the last chip.
 */
export function TagInput({
  id,
  value,
  onChange,
  known,
  placeholder,
  removeLabel,
  createLabel,
  maxLength = 64,
}: {
  id: string;
  value: string[];
  onChange(value: string[]): void;
  known: readonly string[];
  placeholder: string;
  removeLabel(name: string): string;
  createLabel(name: string): string;
  maxLength?: number;
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const options = open ? tagOptions(text, known, value) : [];

  const add = (name: string) => {
    const clean = name.trim();
    if (clean && !value.some((v) => v.toLowerCase() === clean.toLowerCase())) onChange([...value, clean]);
    setText('');
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // an input method still composing (Chinese, Japanese) owns Enter and the arrows
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (options.length ? (a + step + options.length) % options.length : 0));
    } else if (e.key === 'Enter') {
      // never submits the surrounding form
      e.preventDefault();
      const option = options[active];
      if (option) add(option.name);
      else if (text.trim()) add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <div className="flex min-h-9 w-full flex-wrap items-center gap-1.5 rounded-md border border-input px-2 py-1 shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30">
        {value.map((name) => (
          <Badge key={name} variant="secondary" className="max-w-full gap-1 pr-1" data-testid="tag-chip">
            <span className="truncate">{name}</span>
            <button
              type="button"
              className="rounded-sm p-0.5 hover:bg-background/60"
              aria-label={removeLabel(name)}
              onClick={() => onChange(value.filter((v) => v !== name))}
            >
              <X className="size-3" />
            </button>
          </Badge>
        ))}
        <input
          id={id}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
          autoComplete="off"
          maxLength={maxLength}
          value={text}
          placeholder={value.length === 0 ? placeholder : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-7 min-w-36 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
        />
      </div>
      {options.length > 0 && (
        <div
          id={listId}
          role="listbox"
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.map((o, i) => (
            <div
              key={`${o.create}-${o.name}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              // keeps the focus in the text box, so the list stays open for the next name
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => add(o.name)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'cursor-pointer truncate rounded-sm px-2 py-1.5 text-sm',
                i === active && 'bg-accent text-accent-foreground',
              )}
              data-testid="tag-option"
            >
              {o.create ? createLabel(o.name) : o.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
