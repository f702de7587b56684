/** Whether the problem gives its solvers files (HOJ user_extra_file, JSON {name: content}). */
export function hasAnnex(userExtraFile: string | null): boolean {
  if (!userExtraFile) return false;
  try {
    const value: unknown = JSON.parse(userExtraFile);
    return !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
  } catch {
    return false;
  }
}
