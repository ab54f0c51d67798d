/* The baseline for Scripts/bench-html: parse an HTML file with libxml2 directly and gather its title, headings,
   links and text, as the Swift wrapper does. Prints `libxml2_MBps=<n>`. */
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static size_t text_bytes, links, headings;

static void walk(xmlNodePtr node) {
    while (node) {
        if (node->type == XML_TEXT_NODE && node->content) {
            text_bytes += strlen((const char *)node->content);
        } else if (node->type == XML_ELEMENT_NODE) {
            const char *name = (const char *)node->name;
            if (!strcmp(name, "script") || !strcmp(name, "style")) { node = node->next; continue; }
            if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && !name[2]) headings++;
            if (!strcmp(name, "a")) {
                xmlChar *href = xmlGetProp(node, (const xmlChar *)"href");
                if (href) { links++; xmlFree(href); }
            }
            walk(node->children);
        }
        node = node->next;
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s FILE ROUNDS\n", argv[0]); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *buffer = malloc(size);
    if (fread(buffer, 1, size, file) != (size_t)size) { perror("read"); return 1; }
    fclose(file);
    int rounds = atoi(argv[2]);
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET;
    xmlInitParser();
    /* One untimed warm-up round, as the Swift side has, so neither side's timing includes first-touch costs. */
    htmlDocPtr warm = htmlReadMemory(buffer, (int)size, NULL, NULL, options);
    walk(xmlDocGetRootElement(warm));
    xmlFreeDoc(warm);
    text_bytes = links = headings = 0;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int round = 0; round < rounds; round++) {
        htmlDocPtr doc = htmlReadMemory(buffer, (int)size, NULL, NULL, options);
        walk(xmlDocGetRootElement(doc));
        xmlFreeDoc(doc);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    printf("libxml2_MBps=%.1f text=%zu links=%zu headings=%zu\n", size * (double)rounds / 1e6 / seconds,
           text_bytes / rounds, links / rounds, headings / rounds);
    free(buffer);
    return 0;
}
