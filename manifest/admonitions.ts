/**
 * Docusaurus's admonition types and the label each gets (its accessible name and default title): the markdown
 * pipeline renders them, and the build's checks name them, without loading that pipeline.
 */
export const ADMONITIONS = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
  // Docusaurus's other keywords, drawn as the type each stands for (`secondary` as a note, `important` as info, `success` as a tip).
  important: 'Important',
  secondary: 'Note',
  success: 'Success',
} as const;
