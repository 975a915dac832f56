/**
 * An informational page (faq, how, team, techs, culture, privacy) rendered from its content file:
 * title, lead and illustration, then the blocks in order — text, list, steps, FAQ (native disclosures),
 * cards, table, call to action. All text comes from the file (content/README.md).
 */
import { Badge, Card, Container, Grid, Heading, Text } from '@studio/ui';
import { clsx } from 'clsx';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useLoaderData } from 'react-router';
import type { Loader, PageMeta } from '../../routes/types';
import { BadgeList, CallToAction, PageHero, PageIntro } from '../pages';
import { loadPageContent } from './content';
import { PageIllustration } from './illustrations/PageIllustration';
import type { ContentBlock, PageContent } from './types';
import styles from './ContentPage.module.css';

/** The loader of every content page: the file's content and the head's meta (FAQ answers also as FAQPage JSON-LD). */
export const contentLoader: Loader = async (_args, _context, locale, page) => {
  const content = await loadPageContent(page, locale);
  const faqs = content.blocks.flatMap((b) => (b.type === 'faq' ? b.items : []));
  const meta: PageMeta = {
    title: content.title,
    description: content.description,
    ...(faqs.length
      ? {
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer.join('\n\n') } })),
            },
          ],
        }
      : {}),
  };
  return { content, meta };
};

function Paragraphs(props: { paragraphs: string[] }) {
  return (
    <>
      {props.paragraphs.map((p, i) => (
        <Text key={i} className={styles.paragraph}>
          {p}
        </Text>
      ))}
    </>
  );
}

type BlockOf<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>;

/** A block's body under its heading and intro (a call to action is a section of its own). */
function BlockBody(props: { block: Exclude<ContentBlock, { type: 'cta' }>; headingId: string; nested: boolean; first: boolean }) {
  const { block } = props;
  switch (block.type) {
    case 'text':
      return (
        <div className={styles.prose}>
          <Paragraphs paragraphs={block.paragraphs} />
        </div>
      );
    case 'list':
      return (
        <ul className={styles.list}>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
    case 'steps':
      return <StepsBody block={block} />;
    case 'faq':
      return <FaqBody block={block} nested={props.nested} first={props.first} />;
    case 'cards':
      return <CardsBody block={block} nested={props.nested} />;
    case 'table':
      return <TableBody block={block} />;
  }
}

/** Numbered steps, each with its title, duration and text. */
function StepsBody(props: { block: BlockOf<'steps'> }) {
  const { block } = props;
  return (
    <ol className={styles.steps}>
      {block.steps.map((step, i) => (
        <li key={i}>
          <Heading level={3} size="md" className={styles.stepTitle}>
            {step.title}
          </Heading>
          {step.duration ? <Badge tone="accent">{step.duration}</Badge> : null}
          <Text tone="muted" size="sm" className={styles.stepText}>
            {step.text}
          </Text>
        </li>
      ))}
    </ol>
  );
}

/** Questions and answers; the page's first block opens its first question. */
function FaqBody(props: { block: BlockOf<'faq'>; nested: boolean; first: boolean }) {
  const { block } = props;
  return (
    // Native disclosures (SITE-DELIVERY): they open and close without any script, and the
    // browser's find-in-page opens the one that holds the match.
    <div className={styles.faq}>
      {block.items.map((item, i) => {
        const QuestionTag = props.nested ? 'h3' : 'h2';
        return (
          <details key={i} className={styles.faqItem} open={props.first && i === 0}>
            <summary className={styles.faqQuestion}>
              <QuestionTag className={styles.faqHeading}>{item.question}</QuestionTag>
            </summary>
            <div className={clsx(styles.prose, styles.faqAnswer)}>
              <Paragraphs paragraphs={item.answer} />
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** Cards in a grid: title, subtitle, text and tags. */
function CardsBody(props: { block: BlockOf<'cards'>; nested: boolean }) {
  const { block } = props;
  return (
    <Grid as="ul" minItemWidth={260} gap={4} className={styles.cards}>
      {block.cards.map((card, i) => (
        <Card asChild key={i}>
          <li>
            <Heading level={props.nested ? 3 : 2} size="md" className={styles.cardTitle}>
              {card.title}
            </Heading>
            {card.subtitle ? (
              <Text size="sm" tone="muted" weight="medium" className={styles.cardSubtitle}>
                {card.subtitle}
              </Text>
            ) : null}
            <Text size="sm">{card.text}</Text>
            {card.tags?.length ? <BadgeList items={card.tags} className={styles.tags} /> : null}
          </li>
        </Card>
      ))}
    </Grid>
  );
}

/** A table whose first column names each row. */
function TableBody(props: { block: BlockOf<'table'> }) {
  const { block } = props;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{block.caption}</caption>
        <thead>
          <tr>
            {block.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, i) => (
            <tr key={i}>
              {/* data-label: the column's name, shown beside each value when the table reflows on phones. */}
              {row.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row" data-label={block.columns[j]}>
                    <code>{cell}</code>
                  </th>
                ) : (
                  <td key={j} data-label={block.columns[j]}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One block: a section labelled by its heading (when it has one), its intro, then its body. */
function Block(props: { block: ContentBlock; index: number }) {
  const { block } = props;
  const headingId = `block-${block.id ?? props.index}`;
  if (block.type === 'cta') {
    return <CallToAction id={headingId} title={block.heading} text={block.text} to={block.to} label={block.label} className={styles.cta} />;
  }
  const heading = block.heading ? (
    <Heading level={2} size="xl" id={headingId} className={styles.blockTitle}>
      {block.heading}
    </Heading>
  ) : null;
  return (
    <section className={styles.block} {...(heading ? { 'aria-labelledby': headingId } : {})}>
      {heading}
      {'intro' in block && block.intro ? (
        <Text tone="muted" className={styles.intro}>
          {block.intro}
        </Text>
      ) : null}
      <BlockBody block={block} headingId={headingId} nested={heading !== null} first={props.index === 0} />
    </section>
  );
}

export function ContentPage() {
  const { content } = useLoaderData() as { content: PageContent };
  return (
    <article>
      <PageHero innerClassName={styles.heroInner}>
        <div>
          <PageIntro eyebrow={content.eyebrow} title={content.title} lead={content.lead} classes={styles} />
          {content.updated ? (
            <Text size="sm" tone="subtle">
              <FormattedMessage id="content.updated" values={{ date: <FormattedDate value={content.updated} dateStyle="long" timeZone="UTC" /> }} />
            </Text>
          ) : null}
        </div>
        {content.illustration ? <PageIllustration name={content.illustration.name} alt={content.illustration.alt} className={styles.illustration} /> : null}
      </PageHero>
      <Container className={styles.body}>
        {content.blocks.map((block, i) => (
          <Block key={block.id ?? i} block={block} index={i} />
        ))}
      </Container>
    </article>
  );
}
