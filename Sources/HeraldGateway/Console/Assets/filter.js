// The compose page's audience filter: conditions on what devices say about themselves (a
// tag, locale, language, time zone, app version, platform), all or any of them, as the
// publish's `filter`. Each row is one condition, laid out in the same columns (field, tag
// name, comparison, value, Remove) whichever fields it shows; the page counts the audience as it changes.
import { el } from "./dom.js";

const FIELDS = [["tag", "Tag"], ["locale", "Locale"], ["language", "Language"], ["timeZone", "Time zone"],
  ["appVersion", "App version"], ["platform", "Platform"]];
const OPERATORS = [["eq", "is"], ["ne", "is not"], ["in", "is one of (commas)"], ["exists", "is set"], ["lt", "<"],
  ["lte", "≤"], ["gt", ">"], ["gte", "≥"], ["prefix", "starts with"]];

// A value as typed: for a tag, `true`/`false` are Booleans and numerals are numbers, as the
// device sent them; quotes keep a value text ("1" is the text 1).
export function filterValue(text, field) {
  const value = text.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1);
  if (field !== "tag") return value;
  if (value === "true" || value === "false") return value === "true";
  return value !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
}

function options(pairs) {
  return pairs.map(([value, label]) => el("option", { value }, label));
}

// `changed` is called when a row is added or removed; edits inside a row bubble to the form.
export function filterBuilder(changed) {
  const match = el("select", { id: "filter-match", name: "filterMatch" }, options([["and", "all"], ["or", "any"]]));
  const list = el("ol", { class: "conditions", id: "filter-conditions", "aria-label": "Conditions" });
  const add = el("button", { type: "button", id: "filter-add", class: "secondary" }, "Add a condition");
  let made = 0;

  function addRow() {
    const n = ++made;
    const field = el("select", { id: `filter-field-${n}`, class: "filter-field", "aria-label": `Condition ${n}: field` }, options(FIELDS));
    const tag = el("input", { id: `filter-tag-${n}`, class: "filter-tag", placeholder: "tag name", spellcheck: "false", "aria-label": `Condition ${n}: tag name` });
    const op = el("select", { id: `filter-op-${n}`, class: "filter-op", "aria-label": `Condition ${n}: comparison` }, options(OPERATORS));
    const value = el("input", { id: `filter-value-${n}`, class: "filter-value", placeholder: "value", spellcheck: "false", "aria-label": `Condition ${n}: value` });
    const remove = el("button", { type: "button", class: "filter-remove quiet", "aria-label": `Remove condition ${n}` }, "Remove");
    const row = el("li", { class: "condition" }, field, tag, op, value, remove);
    const shown = () => { tag.hidden = field.value !== "tag"; value.hidden = op.value === "exists"; };
    field.addEventListener("change", shown);
    op.addEventListener("change", shown);
    remove.addEventListener("click", () => { row.remove(); changed(); add.focus(); });
    row.condition = () => {
      const name = field.value === "tag" ? "tag:" + tag.value.trim() : field.value;
      const condition = { field: name, op: op.value };
      if (op.value === "in") condition.value = value.value.split(",").filter((v) => v.trim()).map((v) => filterValue(v, field.value));
      else if (op.value !== "exists") condition.value = filterValue(value.value, field.value);
      return condition;
    };
    shown();
    list.append(row);
    field.focus();
  }
  add.addEventListener("click", () => { addRow(); changed(); });

  const node = el("fieldset", { id: "filter" }, el("legend", {}, "Only devices that match"),
    el("p", { class: "match" }, el("label", { for: "filter-match" }, "Devices must match"), match, el("span", {}, "of the conditions below.")),
    list, add);
  // The publish's `filter`: nothing without conditions, one condition alone, else `and`/`or`.
  function value() {
    const conditions = [...list.children].map((row) => row.condition());
    if (conditions.length < 2) return conditions[0];
    return { [match.value]: conditions };
  }
  return { node, value };
}

// A stored filter as one line of text, e.g. `tag:level gte 2 or platform eq "fcm"`.
export function filterText(filter) {
  const inner = (f) => (f.and || f.or) && (f.and || f.or).length > 1 ? `(${filterText(f)})` : filterText(f);
  if (filter.and) return filter.and.map(inner).join(" and ");
  if (filter.or) return filter.or.map(inner).join(" or ");
  if (filter.not) return "not " + inner(filter.not);
  return filter.op === "exists" ? `${filter.field} exists` : `${filter.field} ${filter.op} ${JSON.stringify(filter.value)}`;
}
