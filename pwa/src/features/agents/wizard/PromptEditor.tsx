import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_TEMPLATES } from '@shared/schemas/agent';
import { PROMPT_TEMPLATE_TEXTS, type PromptTemplateId } from '@shared/prompt-templates';
import { FILLABLE_PLACEHOLDERS, PLACEHOLDER_NAMES, UPWORK_ONLY_PLACEHOLDERS, type FillablePlaceholder } from '@shared/prompt-input';
import { isTemplateText } from '@shared/prompt-fill';
import { fieldLabel, loose, optionLabel } from '../agent-text';
import { inputClass, type StepProps } from './wizard-fields';

/** Inserts `token` into `text` in place of the selection [start, end); answers the text and the caret. */
export function insertAt(text: string, token: string, start: number, end: number): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

/** The placeholders a prompt editor offers an agent of this platform (none of Upwork's own on Freelancer.com). */
export function offeredPlaceholders(platform: 'upwork' | 'freelancer'): FillablePlaceholder[] {
  return FILLABLE_PLACEHOLDERS.filter((name) => platform === 'upwork' || !UPWORK_ONLY_PLACEHOLDERS.has(name));
}

/** How a placeholder is written into a prompt: its neutral name, `{{name}}`. */
export const placeholderText = (name: FillablePlaceholder): string => `{{${PLACEHOLDER_NAMES[name]}}}`;

/**
 * The AI prompt: a template (its text fills an empty prompt, or one still equal to another
 * template's text), the prompt itself, and the placeholders, each named for what it is and
 * inserted at the caret on click (`{{name}}`).
 */
export function PromptEditor(step: StepProps) {
  const { t } = useTranslation();
  const { values, set } = step;
  const area = useRef<HTMLTextAreaElement>(null);
  const templateId = step.fieldId('promptTemplate');
  const promptId = step.fieldId('prompt');

  const chooseTemplate = (template: PromptTemplateId) => {
    set('promptTemplate', template);
    if (isTemplateText(values.prompt)) set('prompt', PROMPT_TEMPLATE_TEXTS[template]);
  };

  const insert = (name: FillablePlaceholder) => {
    const el = area.current;
    const start = el?.selectionStart ?? values.prompt.length;
    const end = el?.selectionEnd ?? start;
    const next = insertAt(values.prompt, placeholderText(name), start, end);
    set('prompt', next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('agents.wizard.promptEditor')}</legend>
      <div className="space-y-1.5">
        <label htmlFor={templateId} className="block text-sm font-medium text-slate-800">
          {fieldLabel(t, 'promptTemplate')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <select
            id={templateId}
            value={values.promptTemplate}
            onChange={(e) => chooseTemplate(e.target.value as PromptTemplateId)}
            className={inputClass}
          >
            {PROMPT_TEMPLATES.map((id) => (
              <option key={id} value={id}>
                {optionLabel(t, 'promptTemplate', id)}
              </option>
            ))}
          </select>
          {values.promptTemplate !== 'custom' && !isTemplateText(values.prompt) && (
            <button
              type="button"
              onClick={() => set('prompt', PROMPT_TEMPLATE_TEXTS[values.promptTemplate])}
              className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {t('agents.wizard.useTemplateText')}
            </button>
          )}
        </div>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={promptId} className="block text-sm font-medium text-slate-800">
          {fieldLabel(t, 'prompt')}
        </label>
        <textarea
          id={promptId}
          ref={area}
          rows={10}
          dir="auto"
          value={values.prompt}
          aria-describedby={`${promptId}-hint`}
          onChange={(e) => set('prompt', e.target.value)}
          className={`${inputClass} resize-y font-mono text-sm`}
        />
        <p id={`${promptId}-hint`} className="text-xs text-slate-600">
          {t('agents.wizard.promptHint')}
        </p>
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-800" id={`${promptId}-placeholders`}>
          {t('agents.wizard.placeholders')}
        </h3>
        <p className="text-xs text-slate-600">{t('agents.wizard.placeholdersHint')}</p>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-labelledby={`${promptId}-placeholders`}>
          {offeredPlaceholders(values.platform).map((name) => {
            const label = loose(t)(`agents.placeholders.${PLACEHOLDER_NAMES[name]}`);
            return (
              <li key={name}>
                <button
                  type="button"
                  onClick={() => insert(name)}
                  aria-label={t('agents.wizard.insertPlaceholder', { name: label })}
                  title={placeholderText(name)}
                  data-placeholder={PLACEHOLDER_NAMES[name]}
                  className="min-h-8 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 text-xs text-slate-800 hover:border-indigo-400 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </fieldset>
  );
}
