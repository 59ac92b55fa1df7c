// The one layout every e-mail is drawn with (React Email components): the brand band, a heading, paragraphs,
// a table of facts, at most one button, closing lines and the footer. Text is escaped by React; links are only
// the product's own (PUBLIC_BASE_URL), checked by lib/mail/render.ts.
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Preview, Row, Section, Text } from "@react-email/components";
import { PALETTE, PRODUCT_NAME } from "@/lib/brand";
import type { EmailContent } from "./types";

const font = "'Segoe UI', Helvetica, Arial, sans-serif";

export function EmailLayout({ content, locale }: { content: EmailContent; locale: "es" | "en" }) {
  return (
    <Html lang={locale === "en" ? "en" : "es-CO"}>
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: "#f1f5f9", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: PALETTE.white, maxWidth: "560px", borderRadius: "8px", overflow: "hidden", border: `1px solid ${PALETTE.rule}` }}>
          <Section style={{ backgroundColor: PALETTE.brand700, padding: "16px 24px" }}>
            <Text style={{ color: PALETTE.white, fontSize: "20px", fontWeight: 700, margin: 0 }}>
              {PRODUCT_NAME}
              <span style={{ color: PALETTE.accent }}> ✓</span>
            </Text>
          </Section>
          <Section style={{ padding: "8px 24px 0" }}>
            <Heading as="h1" style={{ color: PALETTE.ink, fontSize: "22px", lineHeight: "28px", margin: "16px 0 8px" }}>
              {content.heading}
            </Heading>
            {content.intro.map((p, i) => (
              <Text key={`i${i}`} style={{ color: PALETTE.ink, fontSize: "15px", lineHeight: "22px", margin: "8px 0" }}>
                {p}
              </Text>
            ))}
          </Section>
          {content.rows.length > 0 && (
            <Section style={{ padding: "8px 24px" }}>
              {content.rows.map(([label, value], i) => (
                <Row key={`r${i}`} style={{ borderBottom: `1px solid ${PALETTE.rule}` }}>
                  <Column style={{ color: PALETTE.muted, fontSize: "14px", padding: "8px 8px 8px 0", width: "42%", verticalAlign: "top" }}>{label}</Column>
                  <Column style={{ color: PALETTE.ink, fontSize: "14px", fontWeight: 600, padding: "8px 0", verticalAlign: "top" }}>{value}</Column>
                </Row>
              ))}
            </Section>
          )}
          {content.button && (
            <Section style={{ padding: "16px 24px", textAlign: "center" }}>
              <Button href={content.button.url} style={{ backgroundColor: PALETTE.brand700, color: PALETTE.white, borderRadius: "6px", padding: "12px 22px", fontSize: "15px", fontWeight: 600, textDecoration: "none" }}>
                {content.button.label}
              </Button>
              <Text style={{ color: PALETTE.muted, fontSize: "12px", lineHeight: "18px", margin: "12px 0 0", wordBreak: "break-all" }}>
                {content.button.hint} {content.button.url}
              </Text>
            </Section>
          )}
          <Section style={{ padding: "0 24px 8px" }}>
            {content.outro.map((p, i) => (
              <Text key={`o${i}`} style={{ color: PALETTE.ink, fontSize: "14px", lineHeight: "21px", margin: "8px 0" }}>
                {p}
              </Text>
            ))}
          </Section>
          <Hr style={{ borderColor: PALETTE.rule, margin: "8px 0" }} />
          <Section style={{ padding: "0 24px 16px" }}>
            <Text style={{ color: PALETTE.muted, fontSize: "12px", lineHeight: "18px", margin: "8px 0" }}>{content.footer}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
