import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

/** A screen's card: its title, tools on the right (wrapping under it on a phone), then the body. */
export function TitledCard({
  title,
  tools,
  children,
  testId,
}: {
  title: string;
  tools?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{title}</CardTitle>
        {tools && <div className="flex flex-wrap items-center gap-3">{tools}</div>}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3">{children}</CardContent>
    </Card>
  );
}
