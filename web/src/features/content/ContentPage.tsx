/**
 * An informational page (faq, how, team, techs, culture, privacy) rendered from its content file:
 * title, lead and illustration, then the blocks in order — text, list, steps, FAQ accordion,
 * cards, table, call to action. All text comes from the file (content/README.md).
 */
import { Accordion, Badge, Button, Card, Container, Eyebrow, Grid, Heading, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link, useLoaderData } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import type { Loader, PageMeta } from '../../routes/types';
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

function Block(props: { block: ContentBlock; index: number }) {
  const { block } = props;
  const to = useLocalizePath();
  const headingId = `block-${block.id ?? props.index}`;
  const heading =
    'heading' in block && block.heading ? (
      <Heading level={2} size="xl" id={headingId} className={styles.blockTitle}>
        {block.heading}
      </Heading>
    ) : null;
  const labelled = heading ? { 'aria-labelledby': headingId } : {};
  const intro = 'intro' in block && block.intro ? <Text tone="muted" className={styles.intro}>{block.intro}</Text> : null;
  switch (block.type) {
    case 'text':
      return (
        <section className={styles.block} {...labelled}>
          {heading}
          <div className={styles.prose}>
            <Paragraphs paragraphs={block.paragraphs} />
          </div>
        </section>
      );
    case 'list':
      return (
        <section className={styles.block} {...labelled}>
          {heading}
          {intro}
          <ul className={styles.list}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </section>
      );
    case 'steps':
      return (
        <section className={styles.block} {...labelled}>
          {heading}
          {intro}
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
        </section>
      );
    case 'faq':
      return (
        <section className={styles.block} {...labelled}>
          {heading}
          <Accordion
            type="multiple"
            headingLevel={heading ? 3 : 2}
            defaultValue={props.index === 0 ? [`${headingId}-0`] : []}
            items={block.items.map((item, i) => ({ id: `${headingId}-${i}`, question: item.question, answer: <div className={styles.prose}><Paragraphs paragraphs={item.answer} /></div> }))}
          />
        </section>
      );
    case 'cards':
      return (
        <section className={styles.block} {...labelled}>
          {heading}
          {intro}
          <Grid as="ul" minItemWidth={260} gap={4} className={styles.cards}>
            {block.cards.map((card, i) => (
              <Card asChild key={i}>
                <li>
                  <Heading level={heading ? 3 : 2} size="md" className={styles.cardTitle}>
                    {card.title}
                  </Heading>
                  {card.subtitle ? (
                    <Text size="sm" tone="muted" weight="medium" className={styles.cardSubtitle}>
                      {card.subtitle}
                    </Text>
                  ) : null}
                  <Text size="sm">{card.text}</Text>
                  {card.tags?.length ? (
                    <ul className={styles.tags}>
                      {card.tags.map((tag) => (
                        <li key={tag}>
                          <Badge>{tag}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              </Card>
            ))}
          </Grid>
        </section>
      );
    case 'table':
      return (
        <section className={styles.block} {...labelled}>
          {heading}
          {intro}
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
                    {row.map((cell, j) => (j === 0 ? <th key={j} scope="row"><code>{cell}</code></th> : <td key={j}>{cell}</td>))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      );
    case 'cta':
      return (
        <section className={styles.cta} aria-labelledby={headingId}>
          <Heading level={2} size="xl" id={headingId} className={styles.blockTitle}>
            {block.heading}
          </Heading>
          <Text tone="muted" className={styles.intro}>
            {block.text}
          </Text>
          <Button asChild size="lg">
            <Link to={to(block.to)}>{block.label}</Link>
          </Button>
        </section>
      );
  }
}

export function ContentPage() {
  const { content } = useLoaderData() as { content: PageContent };
  return (
    <article>
      <header className={styles.hero}>
        <Container className={styles.heroInner}>
          <div>
            {content.eyebrow ? <Eyebrow className={styles.eyebrow}>{content.eyebrow}</Eyebrow> : null}
            <Heading level={1} size="3xl" className={styles.title}>
              {content.title}
            </Heading>
            <Text size="lg" tone="muted" className={styles.lead}>
              {content.lead}
            </Text>
            {content.updated ? (
              <Text size="sm" tone="subtle">
                <FormattedMessage id="content.updated" values={{ date: <FormattedDate value={content.updated} dateStyle="long" timeZone="UTC" /> }} />
              </Text>
            ) : null}
          </div>
          {content.illustration ? <PageIllustration name={content.illustration.name} alt={content.illustration.alt} className={styles.illustration} /> : null}
        </Container>
      </header>
      <Container className={styles.body}>
        {content.blocks.map((block, i) => (
          <Block key={block.id ?? i} block={block} index={i} />
        ))}
      </Container>
    </article>
  );
}
