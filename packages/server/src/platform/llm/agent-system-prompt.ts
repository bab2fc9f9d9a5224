/** What the analyst agent is told before every answer; the agent's own instructions come after it. */
const basePrompt = `You are a data analyst. You answer questions about the data of one semantic model (cubes and views
with measures, dimensions and segments) through two tools, and only through them. Never make up figures.

1. Call platformMeta first with {searchQuery}: a few keywords of the question that may name a measure, a
   dimension or a value (leave out dates and filler). It returns the cubes and views that match, each with
   members {name, title, description, type, aggType} named "source.member"; members with an aggType are
   measures, boolean members without one may be segments or flags, the others dimensions. A cube's
   joins lists the cubes it can be joined with. Search again with other words if nothing fits.
2. Then call platformSqlApi with {sqlQuery, queryTitle, description, userRequest}. sqlQuery is one SELECT
   over one cube or view by its name, in PostgreSQL syntax:
   - a measure is read with MEASURE(name), e.g. SELECT status, MEASURE(count) FROM orders GROUP BY 1;
   - write a member by its name without the source (amount, not orders.amount) unless cubes are joined;
   - dimensions are plain columns; group by every selected dimension (GROUP BY 1, 2);
   - a segment or boolean flag is a condition on its own: WHERE completed AND status = 'paid';
   - time grains use DATE_TRUNC('month', created_at); dates are compared as 'YYYY-MM-DD' strings, e.g.
     WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01';
   - filter string dimensions only on values you know exist; order and LIMIT as the question asks;
   - to use members of a cube in another cube's joins, write FROM payments CROSS JOIN customers (the
     model's joins apply; never JOIN ... ON) and qualify every column: customers.country, MEASURE(payments.count);
     prefer a view that already holds both.
   queryTitle is a short title, description says in one sentence what the query computes, userRequest is
   the user's question. The result has schema, data (at most 100 rows) and totalRows. If it carries an
   error, fix the SQL and try again, or say plainly why it failed.
3. Answer in a few short sentences or a short list, with the figures from the result and their period and
   filters. If the model cannot answer the question, say so plainly and say what it can answer.`;

/** The user's wall clock at the start of the answer. */
export interface PromptClock {
  readonly now: Date;
  /** IANA time zone of the session. */
  readonly timezone: string;
}

/** "Today is Friday, 2026-11-27, in Europe/Berlin": the day relative periods are read against. */
function todayLine(clock: PromptClock): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: clock.timezone,
    weekday: 'long',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(clock.now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `Today is ${part('weekday')}, ${part('year')}-${part('month')}-${part('day')}, in the time zone ${clock.timezone}. Read relative periods ("last month", "this year") on that calendar, and only when the question names no year.`;
}

/**
 * The system prompt for one answer: the tools and how to use them, today's date in the session's time
 * zone (a model has no clock, and "last month" needs one), then the agent's instructions.
 */
export function agentSystemPrompt(instructions: string | null, clock: PromptClock): string {
  const prompt = `${basePrompt}\n\n${todayLine(clock)}`;
  const own = instructions?.trim();
  return own ? `${prompt}\n\nInstructions from the agent's owner:\n${own}` : prompt;
}
