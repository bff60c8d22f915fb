import { totalOfLinesKept } from '../../contracts/line-rejections.rules.js';
import { AppError } from '../../http/app-error.js';

/** A line of the order still ordered (order_items), as an approver's line decision sees it. */
export interface DecisionLine {
  id: string;
  line_number: number;
  title: string;
  quantity: number;
  total_price: string;
}

/** What the approver asked: reject these lines (by the line's id), each for its reason. */
export interface RequestedRejection {
  item_id: string;
  reason: string;
}

export interface LineDecision {
  rejected: (DecisionLine & { reason: string })[];
  /** The total of the lines still ordered: what the order now costs. */
  remainingTotal: string;
  /** Every remaining line rejected: the order itself is rejected. */
  rejectsAll: boolean;
}

/**
 * Which of the order's lines an approver rejects. Each asked line must be a line the
 * order still orders, named once; otherwise a 422 that says which line, and nothing is decided.
 */
export function decideLineRejections(input: {
  orderNumber: string;
  ordered: readonly DecisionLine[];
  alreadyRejectedIds: readonly string[];
  requested: readonly RequestedRejection[];
}): LineDecision {
  const byId = new Map(input.ordered.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const rejected: LineDecision['rejected'] = [];
  for (const [index, request] of input.requested.entries()) {
    const field = `rejected_lines.${index}.item_id`;
    if (seen.has(request.item_id)) {
      throw lineRefusal('ORDER_LINE_REPEATED', `The same line is listed twice in rejected_lines.`, field);
    }
    seen.add(request.item_id);
    if (input.alreadyRejectedIds.includes(request.item_id)) {
      throw lineRefusal(
        'ORDER_LINE_ALREADY_REJECTED',
        `This line of order ${input.orderNumber} was already rejected: it cannot be rejected again.`,
        field,
      );
    }
    const line = byId.get(request.item_id);
    if (!line) {
      throw lineRefusal(
        'ORDER_LINE_UNKNOWN',
        `Line ${request.item_id} is not a line of order ${input.orderNumber}: nothing was changed.`,
        field,
      );
    }
    rejected.push({ ...line, reason: request.reason });
  }
  return {
    rejected,
    remainingTotal: totalOfLinesKept(input.ordered, seen),
    rejectsAll: input.ordered.every((line) => seen.has(line.id)),
  };
}

function lineRefusal(code: string, message: string, field: string): AppError {
  return new AppError(422, code, message, { [field]: message });
}

/** The order's rejection reason when every line was rejected: each line's reason, in line order. */
export function orderReasonFromLines(
  rejected: readonly { line_number: number; title: string; reason: string }[],
): string {
  const text = [...rejected]
    .sort((left, right) => left.line_number - right.line_number)
    .map((line) => `Line ${line.line_number} (${line.title}): ${line.reason}`)
    .join('; ');
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}
