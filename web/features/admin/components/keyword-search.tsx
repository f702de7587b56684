import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';

/** A keyword box with its search button; the caller keeps the keyword (in the URL or in state). */
export function KeywordSearch({
  keyword,
  label,
  placeholder,
  testId,
  onSearch,
}: {
  keyword: string;
  label: string;
  placeholder: string;
  testId: string;
  onSearch(keyword: string): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // a search inside a dialog must not submit a form around it
    e.stopPropagation();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="sm:w-72"
        data-testid={testId}
      />
      <Button type="submit" variant="outline" size="icon" aria-label={t('admin.search')}>
        <Search />
      </Button>
    </form>
  );
}
