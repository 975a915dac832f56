/**
 * The parsed and validated document of each operation text, kept across requests (decision 0038):
 * a persisted operation is parsed once and validated once — with every validation rule, the
 * graphql-armor limits (GRAPHQL-LIMITS) included, so a document over a limit is refused from the
 * cache as it was the first time — and every later request reuses the same DocumentNode object
 * (which lets per-document checks such as the control-character scan remember their answer).
 * Replaces Yoga's own parser-and-validation cache, to count the work done (`documentCacheStats`).
 */
import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/** How many operation texts are kept (least recently used dropped): only persisted ones in production. */
const MAX_DOCUMENTS = 1000;

/**
 * How often a document was actually parsed and validated in this process (a cache miss each), for
 * tests and benchmarks; cache hits do not count.
 */
export const documentCacheStats = { parses: 0, validations: 0 };

/** A document's validation: the errors validate() answered, or what it threw. */
type Validated = { errors: readonly GraphQLError[] } | { thrown: unknown };

/** The envelop plugin: `onParse` answers the document of a known text, `onValidate` the errors of a known document. */
export function useDocumentCache(): Plugin {
  const documents = new Map<string, DocumentNode>();
  const results = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Validated>>();
  return {
    onParse({ params, setParsedDocument }) {
      const text = params.source.toString();
      const known = documents.get(text);
      if (known) {
        setParsedDocument(known);
        return;
      }
      documentCacheStats.parses++;
      return ({ result }) => {
        if (!result || result instanceof Error) return;
        if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
        documents.set(text, result as DocumentNode);
      };
    },
    onValidate({ params: { schema, documentAST }, setResult, setValidationFn, validateFn }) {
      let bySchema = results.get(schema);
      if (!bySchema) results.set(schema, (bySchema = new WeakMap()));
      const known = bySchema.get(documentAST);
      if (known && 'thrown' in known) throw known.thrown;
      if (known) {
        setResult(known.errors);
        return;
      }
      documentCacheStats.validations++;
      // graphql-armor's rules throw their first rejection instead of reporting it: kept and thrown again.
      const cache = bySchema;
      setValidationFn((...args) => {
        try {
          const errors = validateFn(...args);
          cache.set(documentAST, { errors });
          return errors;
        } catch (thrown) {
          cache.set(documentAST, { thrown });
          throw thrown;
        }
      });
    },
  };
}
