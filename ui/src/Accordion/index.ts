export { Accordion, type AccordionItemData, type AccordionMultipleProps, type AccordionProps, type AccordionSingleProps } from './Accordion';
