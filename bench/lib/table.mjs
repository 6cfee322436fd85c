// The one table of a run: a row per subject, grouped by scenario (title and size in the first
// column of the group's first row); as text for the terminal, or Markdown for the README.
import Table from 'cli-table3';

/** Renders scenario results `[{title, size, rows: [{subject, measured, ratio, goal}]}]` as text. */
export function renderTable(results) {
  const table = new Table({
    head: ['Scenario', 'Subject', 'Measured', 'Ratio', 'Goal'],
    colWidths: [24, 32, 34, 24, 42],
    wordWrap: true,
    style: { head: [], border: [] },
  });
  for (const result of results) {
    result.rows.forEach((row, i) => {
      table.push([i === 0 ? `${result.title}\n${result.size}` : '', row.subject, row.measured, row.ratio, row.goal]);
    });
  }
  return table.toString();
}

/** The same table in Markdown (line breaks inside a cell become `<br>`). */
export function renderMarkdown(results) {
  const cell = (text) => text.replaceAll('|', '\\|').replaceAll('\n', '<br>');
  const lines = ['| Scenario | Subject | Measured | Ratio | Goal |', '|---|---|---|---|---|'];
  for (const result of results) {
    result.rows.forEach((row, i) => {
      const first = i === 0 ? `**${result.title}**<br>${result.size}` : '';
      lines.push(`| ${[first, row.subject, row.measured, row.ratio, row.goal].map(cell).join(' | ')} |`);
    });
  }
  return lines.join('\n');
}
