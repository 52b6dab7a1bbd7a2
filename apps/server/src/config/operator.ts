import { z } from 'zod';
import { optionalString, optionalText, type Variables } from './variables';

/** Who runs this installation, as the privacy notice and the terms name them, and its desk. */
export const operatorVariables = {
  OPERATOR_NAME: optionalText(200),
  OPERATOR_ADDRESS: optionalText(500),
  OPERATOR_CONTACT: optionalText(200),
  OPERATOR_JURISDICTION: optionalText(200),
  CONTACT_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
};
type OperatorVariables = Variables<typeof operatorVariables>;

export interface OperatorConfig {
  name: string | undefined;
  address: string | undefined;
  /** An e-mail address, telephone number or web address. */
  contact: string | undefined;
  /** The courts and law the terms refer to. */
  jurisdiction: string | undefined;
}

export interface OperatorPart {
  /** Who runs this installation, as the privacy notice and the terms name them. */
  operator: OperatorConfig;
  /** Where contact form messages are mailed (CONTACT_EMAIL, else the admins). */
  contactEmails: readonly string[];
}

export function operatorConfigOf(values: OperatorVariables): OperatorPart {
  return {
    operator: {
      name: values.OPERATOR_NAME,
      address: values.OPERATOR_ADDRESS,
      contact: values.OPERATOR_CONTACT,
      jurisdiction: values.OPERATOR_JURISDICTION,
    },
    contactEmails: values.CONTACT_EMAIL ? [values.CONTACT_EMAIL.toLowerCase()] : [],
  };
}
