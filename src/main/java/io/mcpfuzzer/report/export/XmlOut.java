package io.mcpfuzzer.report.export;

import java.io.StringWriter;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A small indenting XML writer over the JDK's StAX writer: every string is passed through
 * {@link XmlText#clean}, so the output is always well-formed XML 1.0. Not thread-safe; one per document.
 */
final class XmlOut {
    private final StringWriter buffer = new StringWriter();
    private final XMLStreamWriter xml;
    private int depth;
    private boolean hadChildren;
    private final boolean forDisplay;

    XmlOut() {
        this(false);
    }

    /** @param forDisplay also show bidi controls as visible escapes ({@link XmlText#visible}) */
    XmlOut(boolean forDisplay) {
        this.forDisplay = forDisplay;
        try {
            xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(buffer);
            xml.writeStartDocument("UTF-8", "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException("no XML writer", e);
        }
    }

    /** Opens an element with attribute name/value pairs (null values are skipped). */
    XmlOut start(String name, String... attributes) {
        try {
            indent();
            xml.writeStartElement(name);
            attributes(attributes);
            depth++;
            hadChildren = false;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    XmlOut end() {
        try {
            depth--;
            if (hadChildren) {
                indent();
            }
            xml.writeEndElement();
            hadChildren = true;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** An element holding only text (omitted when text is null), with optional attributes. */
    XmlOut text(String name, String text, String... attributes) {
        if (text == null) {
            return this;
        }
        try {
            indent();
            xml.writeStartElement(name);
            attributes(attributes);
            xml.writeCharacters(clean(text));
            xml.writeEndElement();
            hadChildren = true;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** An empty element with attributes. */
    XmlOut empty(String name, String... attributes) {
        try {
            indent();
            xml.writeEmptyElement(name);
            attributes(attributes);
            hadChildren = true;
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    String finish() {
        try {
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return buffer + "\n";
    }

    private void attributes(String... pairs) throws XMLStreamException {
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            if (pairs[i + 1] != null) {
                // attribute values are normalised by parsers: keep them on one line
                xml.writeAttribute(pairs[i], clean(pairs[i + 1]).replace('\n', ' ').replace('\r', ' ').replace('\t', ' '));
            }
        }
    }

    private String clean(String text) {
        return forDisplay ? XmlText.visible(text) : XmlText.clean(text);
    }

    private void indent() throws XMLStreamException {
        xml.writeCharacters("\n" + "  ".repeat(depth));
    }
}
