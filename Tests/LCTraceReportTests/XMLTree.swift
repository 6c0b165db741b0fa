import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML element: the independent oracle for the JUnit tests.
final class XMLElement {
    let name: String
    let attributes: [String: String]
    var children: [XMLElement] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func children(named name: String) -> [XMLElement] { children.filter { $0.name == name } }
}

/// Parses a whole document with Foundation's `XMLParser`; throws on malformed XML.
func parseXML(_ text: String) throws -> XMLElement {
    let builder = TreeBuilder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
        throw XMLParseFailure(description: String(describing: parser.parserError))
    }
    return root
}

struct XMLParseFailure: Error, CustomStringConvertible {
    var description: String
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLElement?
    private var stack: [XMLElement] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let element = XMLElement(name: elementName, attributes: attributeDict)
        if let parent = stack.last { parent.children.append(element) } else { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }
}
